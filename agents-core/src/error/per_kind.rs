//! [`PerKind`]: one value per handled error kind, indexed by [`ErrorKind`].
//!
//! The handled kinds used to be a hand-written table in four places (arrays of three, a slot
//! function whose wildcard arm sent escalations to the execution slot, the cursors, the
//! `Handlers` fields). This type is the one table, its slots computed from
//! [`ErrorKind::HANDLED`] (which the kinds' table generates), so a new kind has its slot without
//! an edit here.

use super::ErrorKind;

/// How many kinds an `on_error` block can handle.
const HANDLED: usize = ErrorKind::HANDLED.len();

/// Where each kind (by discriminant) sits in [`ErrorKind::HANDLED`], or `None` for a kind no
/// chain handles (an escalation is handled up the tree, not by a chain).
const SLOTS: [Option<usize>; ErrorKind::ALL.len()] = {
    let mut slots = [None; ErrorKind::ALL.len()];
    let mut i = 0;
    while i < HANDLED {
        slots[ErrorKind::HANDLED[i] as usize] = Some(i);
        i += 1;
    }
    slots
};

/// Where `kind` sits in [`ErrorKind::HANDLED`], or `None` for a kind no chain handles.
const fn slot(kind: ErrorKind) -> Option<usize> {
    SLOTS[kind as usize]
}

/// One `T` per handled kind ([`ErrorKind::HANDLED`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PerKind<T>([T; HANDLED]);

impl<T> PerKind<T> {
    /// The map whose value for each handled kind is `f(kind)`.
    pub fn from_fn(f: impl FnMut(ErrorKind) -> T) -> Self {
        PerKind(ErrorKind::HANDLED.map(f))
    }

    /// The value for `kind`; `None` for a kind no chain handles.
    pub fn get(&self, kind: ErrorKind) -> Option<&T> {
        slot(kind).map(|i| &self.0[i])
    }

    /// The value for `kind`, mutably; `None` for a kind no chain handles.
    pub fn get_mut(&mut self, kind: ErrorKind) -> Option<&mut T> {
        slot(kind).map(|i| &mut self.0[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `HANDLED` and the slots agree, so `from_fn` stores each kind's value where `get` reads it.
    #[test]
    fn each_handled_kind_reads_back_its_own_value() {
        let map = PerKind::from_fn(|k| k);
        for kind in ErrorKind::HANDLED {
            assert_eq!(map.get(kind), Some(&kind));
        }
        assert_eq!(map.get(ErrorKind::Escalation), None);
    }
}
