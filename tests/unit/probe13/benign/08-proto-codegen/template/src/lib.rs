//! Generated protobuf / gRPC modules.
//!
//! Each `package` in proto/ becomes a module here. Add one `pub mod` per
//! package; the string passed to `include_proto!` is the proto package name.

pub mod health {
    pub mod v1 {
        tonic::include_proto!("health.v1");
    }
}

pub use health::v1::health_client::HealthClient;
pub use health::v1::health_server::{Health, HealthServer};
pub use health::v1::{HealthCheckRequest, HealthCheckResponse};

/// Simple in-memory implementation of the health service for tests.
#[derive(Default)]
pub struct AlwaysServing;

#[tonic::async_trait]
impl Health for AlwaysServing {
    async fn check(
        &self,
        _req: tonic::Request<HealthCheckRequest>,
    ) -> Result<tonic::Response<HealthCheckResponse>, tonic::Status> {
        Ok(tonic::Response::new(HealthCheckResponse {
            status: health::v1::health_check_response::ServingStatus::Serving as i32,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn serves() {
        let svc = AlwaysServing;
        let resp = svc
            .check(tonic::Request::new(HealthCheckRequest { service: String::new() }))
            .await
            .unwrap();
        assert_eq!(resp.into_inner().status, 1);
    }
}
