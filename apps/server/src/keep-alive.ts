/**
 * How long an idle kept-alive connection stays open: longer than the proxy in front keeps its idle connections to
 * the instances (deploy/nginx/prsp.conf `keepalive_timeout 60s`; 60 s is also the usual cloud load balancer's idle
 * timeout). Were it shorter, the proxy could send a request on a connection the instance is closing at that very
 * moment: the request is lost, and nginx does not retry a POST elsewhere, so a sign-in or a booking fails with 502.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
