//! How the fields that are not plain data travel (feature `serde`): a layout as its shape,
//! strides, start and item size (checked again on arrival), a copy's reason as its four numbers,
//! and the values as [`Sampled`] (live values cannot be written: sample them first). The engine's
//! own plain types (`arrays`' why of a layout) use the same helpers.

/// [`stride_core::Layout`] as `(shape, strides, offset, itemsize)`.
pub mod layout {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use stride_core::Layout;

    type Parts = (Vec<i64>, Vec<i64>, i64, i64);

    /// Writes the layout's parts.
    pub fn serialize<S: Serializer>(layout: &Layout, s: S) -> Result<S::Ok, S::Error> {
        let parts: Parts = (
            layout.shape().to_vec(),
            layout.strides().to_vec(),
            layout.offset(),
            layout.itemsize(),
        );
        parts.serialize(s)
    }

    /// Reads the parts and checks them as [`Layout::new`] does.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Layout, D::Error> {
        let (shape, strides, offset, itemsize) = Parts::deserialize(d)?;
        Layout::new(&shape, &strides, offset, itemsize)
            .map_err(|_| D::Error::custom("not a layout"))
    }
}

/// `Option<CopyReason>` as `(outer, inner, stride, needed)`.
pub mod copy_reason {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use stride_core::reshape::CopyReason;

    type Parts = Option<(usize, usize, i64, i64)>;

    /// Writes the reason's numbers.
    pub fn serialize<S: Serializer>(r: &Option<CopyReason>, s: S) -> Result<S::Ok, S::Error> {
        let parts: Parts = r.map(|r| (r.outer, r.inner, r.stride, r.needed));
        parts.serialize(s)
    }

    /// Reads them.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<CopyReason>, D::Error> {
        Ok(
            Parts::deserialize(d)?.map(|(outer, inner, stride, needed)| CopyReason {
                outer,
                inner,
                stride,
                needed,
            }),
        )
    }
}

/// A [`CopyReason`](stride_core::reshape::CopyReason) as `(outer, inner, stride, needed)`.
pub mod reason {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use stride_core::reshape::CopyReason;

    type Parts = (usize, usize, i64, i64);

    /// Writes the reason's numbers.
    pub fn serialize<S: Serializer>(r: &CopyReason, s: S) -> Result<S::Ok, S::Error> {
        let parts: Parts = (r.outer, r.inner, r.stride, r.needed);
        parts.serialize(s)
    }

    /// Reads them.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<CopyReason, D::Error> {
        let (outer, inner, stride, needed) = Parts::deserialize(d)?;
        Ok(CopyReason {
            outer,
            inner,
            stride,
            needed,
        })
    }
}

/// The values, as [`Sampled`].
pub mod values {
    use std::rc::Rc;

    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::{Sampled, Values};

    /// Writes sampled values; live ones are refused.
    pub fn serialize<S: Serializer>(values: &Rc<dyn Values>, s: S) -> Result<S::Ok, S::Error> {
        match values.as_sampled() {
            Some(sampled) => sampled.serialize(s),
            None => Err(S::Error::custom(
                "live values: send Drawn::sampled() instead",
            )),
        }
    }

    /// Reads sampled values.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rc<dyn Values>, D::Error> {
        Ok(Rc::new(Sampled::deserialize(d)?))
    }
}

/// `(address, item)` pairs of a [`crate::Sampled`] with their byte addresses as `i64`: an
/// address within a buffer always fits, and an `i128` would cross only as a JavaScript `BigInt`,
/// which the first replies' table (JSON, read by `JSON.parse`) cannot hold.
pub mod addresses {
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes each address as an `i64` (an error for one that does not fit).
    pub fn serialize<S: Serializer, T: Serialize>(
        pairs: &[(i128, T)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let narrowed: Vec<(i64, &T)> = pairs
            .iter()
            .map(|(a, v)| i64::try_from(*a).map(|a| (a, v)))
            .collect::<Result<_, _>>()
            .map_err(|_| S::Error::custom("an address past i64"))?;
        narrowed.serialize(s)
    }

    /// Reads `i64` addresses back as the `i128`s the picture asks with.
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Vec<(i128, T)>, D::Error> {
        let pairs = Vec::<(i64, T)>::deserialize(d).map_err(D::Error::custom)?;
        Ok(pairs.into_iter().map(|(a, v)| (i128::from(a), v)).collect())
    }
}
