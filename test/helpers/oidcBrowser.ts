/**
 * A user at oidc-provider's development pages, with fetch instead of a browser: opens the authorization URL,
 * follows redirects with a cookie jar, fills the login form (any login and password), presses Continue on the
 * consent form, and stops after the redirect reached the client's loopback receiver. Returns every URL visited.
 */
const maxHops = 20;

function formOf(html: string): { action: string; prompt: string } | undefined {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
  return action && prompt ? { action: action.replaceAll('&amp;', '&'), prompt } : undefined;
}

export async function signInAtOidcProvider(authorizationUrl: string, login = 'alice'): Promise<string[]> {
  const jar = new Map<string, string>();
  const visited: string[] = [];
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < maxHops; hop += 1) {
    visited.push(url);
    const headers = new Headers(init.headers);
    if (new URL(url).origin === issuerOrigin && jar.size > 0)
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (new URL(url).origin !== issuerOrigin) return visited; // the loopback receiver answered
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const form = formOf(text);
    if (response.status !== 200 || !form)
      throw new Error(`oidc-provider answered HTTP ${response.status} at ${url}: ${text.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt: form.prompt });
    if (form.prompt === 'login') {
      body.set('login', login);
      body.set('password', 'any password');
    }
    url = new URL(form.action, url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    };
  }
  throw new Error(`more than ${maxHops} hops at the authorization server`);
}
