//! Streamed runs: the run's events as they happen, at the consumer's pace, and a valid
//! transcript whenever the consumer stops listening.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use futures_util::future::BoxFuture;

use super::{LlmAgent, Output, RunReport, run};
use crate::agent::RunContext;
use crate::conversation::Conversation;
use crate::event::{Event, Subscriber};
use crate::model::{Message, ToolCall, ToolResult};

/// What a streamed run yields: its events in order, then its report.
#[derive(Debug)]
#[non_exhaustive]
pub enum RunEvent<Out> {
    /// Something happened (the agent's own events and its children's).
    Event(Event),
    /// The run ended; always the last item.
    Finished(RunReport<Out>),
}

/// Where a streamed run leaves its events and transcript for the consumer.
pub(crate) struct Tap {
    events: Mutex<VecDeque<Event>>,
    transcript: Mutex<Vec<Message>>,
}

impl Tap {
    fn new() -> Arc<Tap> {
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

    fn next_event(&self) -> Option<Event> {
        self.events
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop_front()
    }

    fn transcript(&self) -> Vec<Message> {
        self.transcript
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

/// A run as a [`Stream`](futures_util::Stream) of [`RunEvent`]s, from
/// [`LlmAgent::run_stream`] or [`LlmAgent::chat_stream`].
///
/// - **Pace.** The run advances only while the consumer asks for the next item and every
///   earlier event has been taken, so a slow consumer holds the run at its next step (a model
///   turn, a tool call, a text delta) instead of making it buffer without bound.
/// - **Cancellation.** Dropping the stream drops the run: the model call or tool calls in
///   flight are dropped with it (async tools stop at their next `.await`; a blocking tool's
///   thread finishes on its own, its result unused), and no task of the run outlives the
///   stream. [`cancel`](Self::cancel) does the same and returns the transcript, each call that
///   had no result answered as cancelled. A stream from `chat_stream` writes that transcript
///   into its conversation when dropped before the end.
pub struct RunStream<'a, Out> {
    run: Option<BoxFuture<'a, RunReport<Out>>>,
    tap: Arc<Tap>,
    finished: Option<RunReport<Out>>,
    /// For `chat_stream`: the conversation to append to, and how many of its messages the run
    /// started from.
    conversation: Option<(&'a mut Conversation, usize)>,
}

impl<Out> RunStream<'_, Out> {
    /// Stops the run and returns its transcript, valid: every call without a result gets a
    /// "Cancelled" error result. (After the end, the report's transcript.)
    pub fn cancel(mut self) -> Vec<Message> {
        self.run = None;
        match self.finished.take() {
            Some(report) => report.transcript,
            None => cancelled(self.tap.transcript()),
        }
    }
}

/// `messages` with every call that has no result answered as cancelled.
fn cancelled(mut messages: Vec<Message>) -> Vec<Message> {
    crate::conversation::mend_with(&mut messages, |call: &ToolCall| {
        ToolResult {
        call_id: call.id.clone(),
        name: call.name.clone(),
        content: "Cancelled: the run was stopped before this call finished; whether it took effect is unknown.".to_owned(),
        is_error: true,
    }
    });
    messages
}

// Nothing of `RunStream` is pinned in place: the run is boxed, the report is moved out whole.
impl<Out> Unpin for RunStream<'_, Out> {}

impl<Out> futures_util::Stream for RunStream<'_, Out> {
    type Item = RunEvent<Out>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(event) = this.tap.next_event() {
                return Poll::Ready(Some(RunEvent::Event(event)));
            }
            if let Some(mut report) = this.finished.take() {
                if let Some((conversation, skip)) = this.conversation.take() {
                    report.transcript.drain(..skip.min(report.transcript.len()));
                    conversation.extend(report.transcript.iter().cloned());
                }
                return Poll::Ready(Some(RunEvent::Finished(report)));
            }
            let Some(run) = this.run.as_mut() else {
                return Poll::Ready(None);
            };
            match run.as_mut().poll(cx) {
                Poll::Ready(report) => {
                    this.run = None;
                    this.finished = Some(report);
                }
                // Pending with events queued: the run waits for the consumer (`make_room`).
                Poll::Pending if this.tap.events_queued() => {}
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

impl Tap {
    fn events_queued(&self) -> bool {
        !self
            .events
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_empty()
    }
}

impl<Out> Drop for RunStream<'_, Out> {
    fn drop(&mut self) {
        self.run = None;
        if let Some((conversation, skip)) = self.conversation.take() {
            let said = match self.finished.take() {
                Some(report) => report.transcript,
                None => cancelled(self.tap.transcript()),
            };
            conversation.extend(said.into_iter().skip(skip));
        }
    }
}

impl<In, Out> LlmAgent<In, Out>
where
    In: serde::Serialize + Send + 'static,
    Out: Output,
{
    /// Runs the agent as the root of a new tree, yielding its events as they happen (the model's
    /// text as [`Event::TextDelta`]s, tool calls started, repaired, retried, finished and failed,
    /// escalations) and last its report. See [`RunStream`] for pace and cancellation.
    ///
    /// ```
    /// use agents_core::{Event, LlmAgent, ModelResponse, RunEvent, testing::ScriptedModel};
    /// use futures_util::StreamExt;
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    /// let model = ScriptedModel::new([ModelResponse::text("Hello!")]);
    /// let agent = LlmAgent::builder("greeter").model(model).build().unwrap();
    /// let mut text = String::new();
    /// let mut run = agent.run_stream("hi".to_owned());
    /// while let Some(item) = run.next().await {
    ///     match item {
    ///         RunEvent::Event(Event::TextDelta { text: delta, .. }) => text.push_str(&delta),
    ///         RunEvent::Event(_) => {}
    ///         RunEvent::Finished(report) => assert_eq!(report.output.unwrap(), "Hello!"),
    ///         _ => {}
    ///     }
    /// }
    /// assert_eq!(text, "Hello!");
    /// # });
    /// ```
    pub fn run_stream(&self, input: In) -> RunStream<'_, Out> {
        self.streamed(input, Vec::new(), None)
    }

    /// [`chat`](Self::chat), streamed: continues `conversation` with `input` and yields the
    /// run's events. What the run said is appended to `conversation` when the stream ends, or,
    /// if it is dropped or cancelled first, what it had said, with each unanswered call
    /// answered as cancelled.
    pub fn chat_stream<'a>(
        &'a self,
        conversation: &'a mut Conversation,
        input: In,
    ) -> RunStream<'a, Out> {
        let history = self.prepare_history(conversation);
        let skip = history.len();
        self.streamed(input, history, Some((conversation, skip)))
    }

    fn streamed<'a>(
        &'a self,
        input: In,
        history: Vec<Message>,
        conversation: Option<(&'a mut Conversation, usize)>,
    ) -> RunStream<'a, Out> {
        let tap = Tap::new();
        let run = {
            let tap = tap.clone();
            async move {
                let start = run::Start::Input(input);
                run::run_report(self, start, &RunContext::top(), None, history, Some(tap)).await
            }
        };
        RunStream {
            run: Some(Box::pin(run)),
            tap,
            finished: None,
            conversation,
        }
    }
}
