//! Measuring one call: what an answer's function did on a case, apart from what the case built
//! for it. [`measure`] fills the blank, finds the call of the exercise's function in the case
//! (`f(A, B).tolist()` calls `f(A, B)`), evaluates its arguments, lets the embedder mark that
//! moment (`start`: the lab notes what its arrays have cost so far), calls the function, and
//! hands back the arguments, the value returned and the interpreter with its host state (see [`crate::host`]). The
//! interpreter knows nothing of what the host counts: the embedder reads its own state.

use crate::ast::{Expr, ExprKind};
use crate::construct::Construct;
use crate::error::{Error, Span};
use crate::eval::{Args, Interp};
use crate::limits::Limits;
use crate::value::Value;
use crate::{Prepare, Program, parser};

use super::{Exercise, fill};

/// One call of an exercise's function, measured.
pub struct Measured {
    /// The call's arguments, positional first, then the keywords' values, as the case built
    /// them before the call.
    pub args: Vec<Value>,
    /// What the function returned.
    pub result: Value,
    /// The interpreter after the call, still alive (a run's lists are emptied when its
    /// interpreter drops): its [`Interp::host`] holds the embedder's state
    /// ([`Interp::host_state`]).
    pub interp: Interp,
}

/// Runs `body` in `exercise`'s blank and calls the exercise's function as `case` calls it, in an
/// interpreter `prepare` has set up; `start` runs after the arguments are evaluated, just
/// before the call. An error is what stopped the run (the body does not parse, the case calls
/// no such function, the call raised).
pub fn measure(
    exercise: &Exercise,
    body: &str,
    case: &str,
    limits: &Limits,
    prepare: Prepare<'_>,
    start: Prepare<'_>,
) -> Result<Measured, Error> {
    let program = Program::parse(&fill(exercise.template, body), limits)?;
    let expr = parser::parse_expression(case, limits)?;
    let call = call_of(&expr, exercise.function).ok_or_else(|| {
        Error::unsupported(
            Construct::MeasuringWithoutCall(exercise.function.to_string()),
            Span::default(),
        )
    })?;
    let mut interp = Interp::new(limits);
    prepare(&mut interp);
    interp.run(&program.body)?;
    let ExprKind::Call(callee, arg_exprs) = &call.kind else {
        return Err(Error::unsupported(Construct::MeasuringThisCase, call.span));
    };
    let function = interp.eval(callee)?;
    let mut args = Args {
        pos: Vec::new(),
        kw: Vec::new(),
        gen_exp: None,
    };
    for arg in arg_exprs {
        let v = interp.eval(&arg.value)?;
        match &arg.name {
            Some(name) => args.kw.push((name.clone(), v)),
            None => args.pos.push(v),
        }
    }
    let given: Vec<Value> = args
        .pos
        .iter()
        .cloned()
        .chain(args.kw.iter().map(|(_, v)| v.clone()))
        .collect();
    start(&mut interp);
    let result = interp.call(&function, args)?;
    Ok(Measured {
        args: given,
        result,
        interp,
    })
}

/// The call of `function` in `case`: the case itself, or the object of its attribute, method
/// call or subscript chain (`f(x).tolist()`, `f(x)[0]`).
fn call_of<'e>(case: &'e Expr, function: &str) -> Option<&'e Expr> {
    let mut e = case;
    loop {
        match &e.kind {
            ExprKind::Call(callee, _) if matches!(&callee.kind, ExprKind::Name(n) if &**n == function) =>
            {
                return Some(e);
            }
            ExprKind::Call(inner, _) | ExprKind::Attr(inner, _) | ExprKind::Index(inner, _) => {
                e = inner;
            }
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EXERCISES;

    fn exercise(id: &str) -> &'static Exercise {
        EXERCISES.iter().find(|e| e.id == id).expect("exercise")
    }

    #[test]
    fn the_call_is_measured_apart_from_its_case() {
        let e = exercise("s3-code-broadcast-shape");
        let limits = Limits::default();
        let m = measure(
            e,
            e.reference,
            "broadcast_shape((8, 1, 6, 1), (7, 1, 5))",
            &limits,
            &|_| {},
            &|_| {},
        )
        .expect("it runs");
        assert_eq!(m.args.len(), 2);
        let mut budget = crate::limits::Budget::new(&limits);
        let shown = crate::value::repr(&m.result, &mut budget).expect("repr");
        assert_eq!(shown, "(8, 7, 6, 5)");
        assert!(m.interp.host.is_none());
    }

    #[test]
    fn start_runs_between_the_arguments_and_the_call() {
        let e = exercise("u1-code-contiguous-strides");
        let limits = Limits::default();
        // The host state here is a counter of the steps spent when `start` ran.
        let start = |interp: &mut Interp| {
            interp.host = Some(Box::new(interp.budget.steps_taken()));
        };
        let m = measure(
            e,
            "print(size); strides.insert(0, step); step *= size",
            "contiguous_strides((2, 3, 4)).count(1)",
            &limits,
            &|_| {},
            &start,
        )
        .expect("it runs");
        let mut m = m;
        let at_start = *m.interp.host_state::<u64>().expect("set");
        assert!(at_start > 0);
        assert!(m.interp.budget.steps_taken() > at_start);
        let mut budget = crate::limits::Budget::new(&limits);
        assert_eq!(
            crate::value::repr(&m.result, &mut budget).expect("repr"),
            "[12, 4, 1]"
        );
    }

    #[test]
    fn what_cannot_be_measured_says_why() {
        let e = exercise("s3-code-broadcast-shape");
        let limits = Limits::default();
        let run = |body: &str, case: &str| measure(e, body, case, &limits, &|_| {}, &|_| {});
        let Err(e1) = run("return s1", "len((1, 2))") else {
            panic!("no call of the function")
        };
        assert!(e1.to_string().contains("broadcast_shape"), "{e1}");
        let Err(e2) = run("return s1 +", "broadcast_shape((1,), (2,))") else {
            panic!("does not parse")
        };
        assert!(e2.to_string().contains("SyntaxError"), "{e2}");
        let Err(e3) = run("raise ValueError('no')", "broadcast_shape((1,), (2,))") else {
            panic!("raises")
        };
        assert!(e3.to_string().contains("ValueError"), "{e3}");
    }
}
