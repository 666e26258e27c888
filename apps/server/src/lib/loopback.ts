/**
 * True for a connection from this machine's loopback interface (127.0.0.0/8, ::1, or IPv4-mapped 127.x). The socket's
 * own address is read, never X-Forwarded-For: behind a proxy on the same machine nothing reaches the viewer from outside
 * only if the proxy does not forward /dev/mail, which is why production never registers it at all.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}
