//! Comprehensions (their `for` and `if` clauses) and walking a source of items: a value or a
//! generator expression.

use super::iter::{IterState, iterate};
use super::{Interp, Source, at};
use crate::ast::{Clause, Comp, Expr, Target};
use crate::error::Result;
use crate::value::{Value, range_len};

impl Interp {
    /// Runs a comprehension, handing each element to `sink` until it returns false.
    pub fn comprehension(
        &mut self,
        comp: &Comp,
        sink: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>,
    ) -> Result<()> {
        let Some(Clause::For(_, first)) = comp.clauses.first() else {
            return Ok(());
        };
        let seq = self.eval(first)?;
        let it = iterate(&seq).map_err(|e| at(e, first.span))?;
        let base = self.frame().comp.len();
        let names = comp
            .names
            .iter()
            .map(|n| (n.clone(), super::unbound_cell()));
        self.frame().comp.extend(names);
        let result = self.clauses(comp, 0, Some(it), sink);
        self.frame().comp.truncate(base);
        result.map(|_| ())
    }

    fn clauses(
        &mut self,
        comp: &Comp,
        i: usize,
        first: Option<IterState>,
        sink: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>,
    ) -> Result<bool> {
        self.budget.enter()?;
        let result = match comp.clauses.get(i) {
            None => self.eval(&comp.elt).and_then(|v| sink(self, v)),
            Some(Clause::If(cond)) => match self.eval(cond) {
                Ok(v) => match self.truth(&v) {
                    Ok(true) => self.clauses(comp, i + 1, None, sink),
                    Ok(false) => Ok(true),
                    Err(e) => Err(at(e, cond.span)),
                },
                Err(e) => Err(e),
            },
            Some(Clause::For(target, seq)) => self.comp_for(comp, i, target, seq, first, sink),
        };
        self.budget.leave();
        result
    }

    fn comp_for(
        &mut self,
        comp: &Comp,
        i: usize,
        target: &Target,
        seq: &Expr,
        first: Option<IterState>,
        sink: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>,
    ) -> Result<bool> {
        let mut it = match first {
            Some(it) => it,
            None => {
                let v = self.eval(seq)?;
                iterate(&v).map_err(|e| at(e, seq.span))?
            }
        };
        while let Some(v) = it.next(&mut self.budget)? {
            self.assign(target, v)?;
            if !self.clauses(comp, i + 1, None, sink)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Hands each item of `source` to `f` until it returns false.
    pub fn each(
        &mut self,
        source: Source<'_>,
        f: &mut dyn FnMut(&mut Interp, Value) -> Result<bool>,
    ) -> Result<()> {
        match source {
            Source::Gen(comp) => self.comprehension(comp, f),
            Source::Value(v) => {
                let mut it = iterate(&v)?;
                while let Some(item) = it.next(&mut self.budget)? {
                    if !f(self, item)? {
                        break;
                    }
                }
                Ok(())
            }
        }
    }

    /// Every item of `source`, in a vector (charged to the memory budget).
    pub fn collect(&mut self, source: Source<'_>) -> Result<Vec<Value>> {
        // A sequence of known length is charged whole, before anything is allocated.
        let known = match &source {
            Source::Value(Value::Range(r)) => {
                Some(usize::try_from(range_len(r)).unwrap_or(usize::MAX))
            }
            Source::Value(Value::List(l)) => Some(l.len()),
            Source::Value(Value::Tuple(t)) => Some(t.0.len()),
            _ => None,
        };
        if let Some(len) = known {
            self.budget.alloc_items(len)?;
        }
        let mut items = Vec::new();
        self.each(source, &mut |interp, v| {
            if known.is_none() {
                interp.budget.push(items.len() + 1)?;
            }
            items.push(v);
            Ok(true)
        })?;
        Ok(items)
    }
}
