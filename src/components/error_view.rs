//! An error: NumPy's (or PyTorch's) exception class and message, and the program with the faulty
//! part marked.

use stride_expr::EvalError;
use yew::prelude::*;

use super::{Shared, use_lang};

/// Props of [`ErrorView`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The error.
    pub error: Shared<EvalError>,
    /// The program it came from.
    pub program: AttrValue,
}

/// The error and where it is.
#[function_component(ErrorView)]
pub fn error_view(props: &Props) -> Html {
    let Props { error, program } = props;
    let t = use_lang().t();
    let marked = error.span.and_then(|span| {
        let (before, rest) = (program.get(..span.start)?, program.get(span.start..)?);
        let len = span.end.saturating_sub(span.start).max(1).min(rest.len());
        let (bad, after) = (rest.get(..len)?, rest.get(len..)?);
        Some((before.to_string(), bad.to_string(), after.to_string()))
    });
    let place = error
        .position(program)
        .map(|(line, col)| format!(" ({} {line}, {} {col})", t.at_line, t.column));
    html! {
        <section class="error-view" data-role="error" role="alert">
            <p class="error"><strong>{ error.class }</strong>{ format!(": {}", error.message) }{ place.unwrap_or_default() }</p>
            if let Some((before, bad, after)) = marked {
                <pre class="program"><code>{ before }<mark data-role="fault">{ bad }</mark>{ after }</code></pre>
            }
        </section>
    }
}
