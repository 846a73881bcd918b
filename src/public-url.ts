/**
 * A base URL as it may be shown and stored in plain text: without the userinfo, query and fragment a URL may
 * carry (`https://user:pass@host/?token=...`), which are credentials as often as not, and without trailing
 * slashes. It still names the service: two URLs of one service differ in those parts only when credentials do.
 */
export function publicUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "the configured base URL";
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, "");
}

/** Whether the URL carries anything `publicUrl` leaves out (not a trailing slash). */
export function carriesCredentials(url: string): boolean {
  return publicUrl(url) !== url.trim().replace(/\/+$/, "");
}
