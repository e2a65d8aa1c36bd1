//! The einsum panel's queries.

use arrays::numpy::einsum::orders::{OrdersError, orders, parse_shapes};
use lab_protocol::einsum::{Listed, Problem, Reply, Request};

/// Answers an einsum panel request.
pub fn handle(request: Request) -> Reply {
    match request {
        Request::Orders { subscripts, shapes } => Reply::Orders(listed(&subscripts, &shapes)),
    }
}

fn listed(subscripts: &str, shapes: &str) -> Result<Listed, Problem> {
    let shapes = parse_shapes(shapes).map_err(Problem::Shapes)?;
    let orders = orders(subscripts, &shapes).map_err(|e| match e {
        OrdersError::Numpy(e) => Problem::Numpy(e.headline()),
        OrdersError::TooManyOperands => Problem::TooManyOperands,
        OrdersError::TooLarge => Problem::TooLarge,
    })?;
    Ok(Listed {
        saving: orders.saving(),
        orders,
    })
}
