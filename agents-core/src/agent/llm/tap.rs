//! Where a streamed run leaves its events and transcript for its consumer.

use std::collections::VecDeque;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::task::Poll;

use crate::event::{Event, Subscriber};
use crate::model::Message;

/// Where a streamed run leaves its events and transcript for the consumer.
pub(crate) struct Tap {
    events: Mutex<VecDeque<Event>>,
    transcript: Mutex<Vec<Message>>,
}

impl Tap {
    pub(crate) fn new() -> Arc<Tap> {
        Arc::new(Tap {
            events: Mutex::new(VecDeque::new()),
            transcript: Mutex::new(Vec::new()),
        })
    }

    /// `subscribers` plus one that queues every event for the consumer.
    pub(crate) fn subscribed(self: &Arc<Self>, subscribers: &[Subscriber]) -> Vec<Subscriber> {
        let tap = self.clone();
        let queue: Subscriber = Arc::new(move |e: &Event| {
            tap.events
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push_back(e.clone())
        });
        subscribers.iter().cloned().chain([queue]).collect()
    }

    /// A message was appended to the run's transcript.
    pub(crate) fn said(&self, message: &Message) {
        self.transcript
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(message.clone());
    }

    /// The run's transcript, whole.
    pub(crate) fn replace_transcript(&self, messages: &[Message]) {
        *self.transcript.lock().unwrap_or_else(|p| p.into_inner()) = messages.to_vec();
    }

    /// Ready once the consumer has taken every queued event. Never registers a waker, and needs
    /// none: the [`RunStream`] polls the run again only after it has handed out the whole queue.
    pub(crate) fn drained(&self) -> impl Future<Output = ()> + '_ {
        futures_util::future::poll_fn(move |_| {
            if self
                .events
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .is_empty()
            {
                Poll::Ready(())
            } else {
                Poll::Pending
            }
        })
    }

    pub(crate) fn next_event(&self) -> Option<Event> {
        self.events
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop_front()
    }

    pub(crate) fn transcript(&self) -> Vec<Message> {
        self.transcript
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Whether events wait for the consumer.
    pub(crate) fn events_queued(&self) -> bool {
        !self
            .events
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_empty()
    }
}
