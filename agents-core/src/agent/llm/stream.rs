//! Streamed runs: the run's events as they happen, at the consumer's pace, and a valid
//! transcript whenever the consumer stops listening.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use futures_util::future::BoxFuture;

use super::{RunReport, Tap};
use crate::conversation::Conversation;
use crate::event::Event;
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

/// A run as a [`Stream`](futures_util::Stream) of [`RunEvent`]s, from
/// [`RunRequest::stream`](super::RunRequest::stream).
///
/// ```
/// use agents_core::{Event, LlmAgent, ModelResponse, Outcome, RunEvent, testing::ScriptedModel};
/// use futures_util::StreamExt;
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let model = ScriptedModel::new([ModelResponse::text("Hello!")]);
/// let agent = LlmAgent::builder("greeter").model(model).build().unwrap();
/// let mut text = String::new();
/// let mut run = agent.run("hi".to_owned()).stream();
/// while let Some(item) = run.next().await {
///     match item {
///         RunEvent::Event(Event::TextDelta { text: delta, .. }) => text.push_str(&delta),
///         RunEvent::Event(_) => {}
///         RunEvent::Finished(report) => assert_eq!(report.output().unwrap(), "Hello!"),
///         _ => {}
///     }
/// }
/// assert_eq!(text, "Hello!");
/// # });
/// ```
///
/// - **Pace.** The run advances only while the consumer asks for the next item and every
///   earlier event has been taken, so a slow consumer holds the run at its next step (a model
///   turn, a tool call, a text delta) instead of making it buffer without bound.
/// - **Cancellation.** Dropping the stream drops the run: the model call or tool calls in
///   flight are dropped with it (async tools stop at their next `.await`; a blocking tool's
///   thread finishes on its own, its result unused), and no task of the run outlives the
///   stream. [`cancel`](Self::cancel) does the same and returns the transcript, each call that
///   had no result answered as cancelled. A stream of a run that continues a conversation
///   writes that transcript into it when dropped before the end.
pub struct RunStream<'a, Out> {
    run: Option<BoxFuture<'a, RunReport<Out>>>,
    tap: Arc<Tap>,
    finished: Option<RunReport<Out>>,
    /// How many messages of the transcript the run was given (a history or a conversation).
    skip: usize,
    /// The conversation to append what the run said to.
    conversation: Option<&'a mut Conversation>,
}

impl<'a, Out> RunStream<'a, Out> {
    /// The stream of `run`, which reports its events to `tap`.
    pub(super) fn new(
        run: BoxFuture<'a, RunReport<Out>>,
        tap: Arc<Tap>,
        skip: usize,
        conversation: Option<&'a mut Conversation>,
    ) -> Self {
        RunStream {
            run: Some(run),
            tap,
            finished: None,
            skip,
            conversation,
        }
    }

    /// The messages the run added to what it was given.
    fn said(&self, mut transcript: Vec<Message>) -> Vec<Message> {
        transcript.drain(..self.skip.min(transcript.len()));
        transcript
    }
}

impl<Out> RunStream<'_, Out> {
    /// Stops the run and returns its transcript, valid: every call without a result gets a
    /// "Cancelled" error result. (After the end, the report's transcript.)
    pub fn cancel(mut self) -> Vec<Message> {
        self.run = None;
        let transcript = match self.finished.take() {
            Some(report) => report.transcript,
            None => cancelled(self.tap.transcript()),
        };
        self.said(transcript)
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
                report.transcript = this.said(std::mem::take(&mut report.transcript));
                if let Some(conversation) = this.conversation.take() {
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

impl<Out> Drop for RunStream<'_, Out> {
    fn drop(&mut self) {
        self.run = None;
        if let Some(conversation) = self.conversation.take() {
            let transcript = match self.finished.take() {
                Some(report) => report.transcript,
                None => cancelled(self.tap.transcript()),
            };
            conversation.extend(transcript.into_iter().skip(self.skip));
        }
    }
}
