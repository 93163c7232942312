/**
 * Which endpoint URLs a subscription may name. The server POSTs to the endpoint, so an arbitrary URL would let any
 * signed-in patient make the server call addresses inside its network (SSRF): only https URLs on the push services'
 * hosts are accepted (`*.` allows subdomains), plus the built-in stand-in's own origin in the demo and tests.
 */
export function endpointAllowed(endpoint: string, rule: { hosts: readonly string[]; standInOrigin: string | null }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (rule.standInOrigin !== null && url.origin === rule.standInOrigin) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return rule.hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
}
