/** The option groups several commands share: the target, the connection, answering the server, and signing in. */
import type { OptionGroup, OptionGroupName } from './helpTypes.js';

const target: OptionGroup = {
  name: 'target',
  title: 'Target (one of)',
  topic: 'targets',
  intro: 'The server to talk to: one target per command.',
  guide: 'docs/cli.md',
  options: [
    {
      flag: '-- <command> [args…]',
      text: 'a stdio server: everything after -- is its command line. It gets a safe environment (HOME, PATH, …) plus what --env names',
    },
    { flag: '--env NAME=value', text: 'an environment variable for a stdio server (repeatable)' },
    { flag: '--cwd <dir>', text: "the stdio server's working directory" },
    { flag: '--url <url>', text: 'Streamable HTTP, falling back to legacy SSE' },
    { flag: '--transport http|sse|auto', text: 'the HTTP transport to use with --url', default: 'auto' },
    {
      flag: "--header 'Name: value'",
      text: 'an HTTP header (repeatable); secret-looking values are redacted in every file Loupe writes',
    },
    { flag: '--demo', text: 'the embedded demo server (163 tools over 5 pages)' },
    {
      flag: '--config <file> --server <name>',
      text: "a server of a client config: Claude Desktop's claude_desktop_config.json, Claude Code's .mcp.json or ~/.claude.json, Cursor's or VS Code's mcp.json (loupe list --config <file> lists its servers)",
    },
    {
      flag: '--config-input id=value',
      text: 'a VS Code input (${input:id}) of that server (repeatable); else LOUPE_INPUT_<ID> (db-dsn: LOUPE_INPUT_DB_DSN), else asked on a terminal (hidden for passwords), else its default; with none of these the command stops naming the input',
    },
  ],
};

const connection: OptionGroup = {
  name: 'connection',
  title: 'Connection',
  topic: 'connection',
  intro: 'How Loupe talks to the server, and what it keeps.',
  guide: 'docs/inspect.md',
  options: [
    {
      flag: '--timeout <ms>',
      text: 'how long to wait for each answer, restarted by progress; also each exchange with an authorization server. Time spent waiting on you (a sign-in, a question) never counts',
      default: '10000',
    },
    {
      flag: '--page-limit <n>',
      text: 'stop a listing after n pages with a page-limit error (never shown as complete)',
      default: '64',
    },
    {
      flag: '--max-frame-bytes <n>',
      text: 'refuse one message larger than n bytes (frame-too-large; the frames before are kept)',
      default: '64 MiB',
    },
    {
      flag: '--max-response-bytes <n>',
      text: 'refuse one HTTP response larger than n bytes',
      default: '256 MiB',
    },
    {
      flag: '--protocol auto|modern|legacy',
      text: 'the protocol era: auto probes with server/discover (MCP 2026-07-28) and falls back to initialize (2025-11-25, and on to legacy SSE for --url); modern never sends initialize; legacy sends only initialize',
      default: 'auto',
    },
    {
      flag: '--extensions <list>',
      text: 'the extensions Loupe declares: any of tasks, ui, skills, or none',
      default: 'tasks,ui,skills',
    },
    { flag: '--no-extensions', text: 'declare no extension (--extensions none)' },
    { flag: '--journal <file>', text: 'append every frame to a JSON Lines file as it arrives' },
    {
      flag: '--debug',
      text: "on failure, the doctor's evidence (HTTP answers, exit code, stderr and stdout lines; a stack trace only for an internal error); each sign-in step, secrets masked; call progress also when stderr is not a terminal",
    },
  ],
};

const input: OptionGroup = {
  name: 'input',
  title: 'Answering the server',
  topic: 'input',
  intro:
    'Without --input Loupe offers the server no sampling, elicitation or roots: it only inspects (call on a terminal asks you instead).',
  guide: 'docs/inspect.md',
  options: [
    {
      flag: '--input <how>',
      text: 'answer input requests (elicitation, sampling, roots; modern input_required results; a task\'s input): ask (at the terminal: each form field in turn, Enter keeps a default, Ctrl+C cancels the form), decline, cancel, defaults (accept elicitations with the schema\'s defaults) or an answers file {"elicitation", "sampling", "roots"}. Each answer is printed on stderr; request timers stand still while you answer',
      default: 'none offered; ask for call on a terminal',
    },
    { flag: '--root <uri>', text: 'a root answered to roots/list with --input (repeatable)' },
  ],
};

const signIn: OptionGroup = {
  name: 'signIn',
  title: 'Sign-in',
  topic: 'sign-in',
  intro:
    'For an HTTP server that answers 401 (OAuth 2.1 as MCP specifies it). On a 401 Loupe discovers the authorization server, registers, prints the sign-in URL on stderr and waits for the redirect to http://127.0.0.1:<port>/callback; tokens are kept per server and issuer and refreshed.',
  guide: 'docs/sign-in.md',
  options: [
    {
      flag: '--auth auto|none',
      text: 'auto: sign in on a 401, printing the URL to open; none: never sign in',
      default: 'auto',
    },
    {
      flag: '--auth-non-interactive',
      text: 'follow the authorization redirect without a browser (CI, tests)',
    },
    { flag: '--client-id <id>', text: 'a pre-registered client (else Dynamic Client Registration)' },
    {
      flag: '--client-secret <secret>',
      text: 'its secret (sent as the server advertises: Basic or in the body)',
    },
    {
      flag: '--client-secret-file <path>',
      text: 'the secret from a file (one line), so it is never on the command line; a missing or empty file is a usage error naming it',
    },
    {
      flag: '--client-metadata-url <url>',
      text: 'your Client ID Metadata Document, used where the server supports it',
    },
    { flag: "--scope '<scopes>'", text: 'scopes to ask for on top of those the server names (repeatable)' },
    { flag: '--token <bearer>', text: 'use this access token as it is (no sign-in, no refresh)' },
    {
      flag: '--auth-store <dir>',
      text: 'where tokens are kept (auth.json, 0600, tokens sealed with the key in auth.key beside it)',
      default: "the app data folder's auth/",
    },
    {
      flag: '--grant <grant>',
      text: 'auto, code, client-credentials, jwt-bearer or enterprise; auto picks enterprise with an ID token, jwt-bearer with an assertion, client-credentials with a secret or key where the server offers no authorization code grant, else code. A grant without a person makes one token request and opens no browser',
      default: 'auto',
    },
    {
      flag: '--client-auth <method>',
      text: 'basic, post, private-key-jwt or none',
      default: 'a key: private-key-jwt; a secret: as the server advertises',
    },
    { flag: '--private-key-file <file>', text: "private_key_jwt: the client's key, PEM or JWK" },
    { flag: "--private-key-jwk '<json>'", text: '… or the key as JWK text' },
    {
      flag: '--signing-alg <alg>',
      text: "the key's algorithm",
      default: "the key's own: ES256 for P-256, RS256 for RSA",
    },
    {
      flag: '--assertion-file <file>',
      text: "workload identity federation (SEP-1933, RFC 7523): the platform's JWT, read at each sign-in",
    },
    { flag: "--assertion-command '<cmd>'", text: '… or a command that prints it' },
    {
      flag: '--id-token-file <file>',
      text: 'enterprise-managed authorization (SEP-990): your ID token from the IdP, exchanged there for an ID-JAG (RFC 8693)',
    },
    { flag: "--id-token-command '<cmd>'", text: '… or a command that prints it' },
    { flag: '--idp-issuer <url>', text: 'the IdP (its token endpoint from its metadata)' },
    { flag: '--idp-token-endpoint <url>', text: "… or the IdP's token endpoint itself" },
    { flag: '--idp-client-id <id>', text: "Loupe's client at the IdP" },
    { flag: '--idp-client-secret <secret>', text: 'its secret at the IdP' },
    {
      flag: '--dpop auto|on|off',
      text: 'DPoP-bound tokens (SEP-1932, RFC 9449): auto uses them where the server asks for them',
      default: 'auto',
    },
  ],
};

const traces: OptionGroup = {
  name: 'traces',
  title: 'Traces',
  topic: 'traces',
  intro:
    "Trace context out on every request (W3C, SEP-414), the session's spans exported over OTLP/HTTP when the command is done, and a stdio server's own spans received on loopback.",
  guide: 'docs/traces.md',
  options: [
    {
      flag: '--trace-context on|off',
      text: "each request carries a traceparent (one trace per action: a listing walk, a call with its task polls), a tracestate starting with Loupe's entry and the baggage given, in params._meta; off sends none (a server that rejects unknown _meta keys: the doctor says so)",
      default: 'on',
    },
    { flag: "--tracestate '<k=v,…>'", text: "a W3C tracestate sent after Loupe's entry" },
    { flag: "--baggage '<k=v,…>'", text: 'W3C baggage sent with each request' },
    {
      flag: '--otlp',
      text: "export the session's spans over OTLP/HTTP when the command is done (also OTEL_TRACES_EXPORTER=otlp); needs an endpoint, else nothing is sent",
    },
    {
      flag: '--otlp-endpoint <url>',
      text: 'where spans go (else OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces; headers: OTEL_EXPORTER_OTLP_HEADERS)',
    },
    {
      flag: '--otlp-protocol http/protobuf|http/json',
      text: 'the OTLP encoding (else OTEL_EXPORTER_OTLP_PROTOCOL)',
      default: 'http/protobuf',
    },
    {
      flag: '--otlp-receive on|off',
      text: "a stdio server's own spans on a loopback OTLP endpoint, joined under Loupe's (its OTEL_EXPORTER_OTLP_TRACES_ENDPOINT points there unless its target names one)",
      default: 'on',
    },
  ],
};

export const optionGroups: Readonly<Record<OptionGroupName, OptionGroup>> = {
  target,
  connection,
  input,
  signIn,
  traces,
};

/** The groups in the order the reference lists them. */
export const groupOrder: readonly OptionGroupName[] = ['target', 'connection', 'input', 'signIn', 'traces'];
