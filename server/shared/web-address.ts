// Pure rule shared by the forms that take a link (kennel profile, a dog's social links).

/** True when a browser could open the address: http(s), a host, a port within range, nothing a URL cannot hold. */
export function opensAsWebAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
