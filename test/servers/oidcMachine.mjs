#!/usr/bin/env node
// oidc-provider for the grants without a person, in front of an MCP server, for Loupe's grant tests. On 127.0.0.1:
//
//   the OpenID Provider (issuer http://127.0.0.1:<p1>): the client credentials grant for three clients —
//     loupe-machine-basic / machine-secret-basic-41c (client_secret_basic), loupe-machine-post /
//     machine-secret-post-9d2 (client_secret_post), loupe-machine-jwt (private_key_jwt, ES256: its key is written
//     to --key-dir) — and the JWT bearer grant (RFC 7523, registered with oidc-provider's registerGrantType) for
//     loupe-workload (a public client): the assertion must be signed by the workload issuer's key (also written to
//     --key-dir), name the provider's issuer as audience and be unexpired, else invalid_grant with the reason. DPoP
//     (RFC 9449) is on; with --as-nonce the token endpoint requires a nonce (use_dpop_nonce first).
//   the MCP server (http://127.0.0.1:<p2>/mcp): the SDK's Streamable HTTP transport (stateless), one tool (whoami),
//     behind its own check of the access token (a JWT of the provider for this resource). With --dpop it accepts
//     DPoP-bound tokens only (RFC 9449 §7: the DPoP scheme, a proof with htm, htu, iat, a fresh jti, ath and the
//     key the token's cnf.jkt names), says so in its challenge and resource metadata, and with --rs-nonce requires
//     its nonce in the proof (401 use_dpop_nonce first). Without --dpop it takes Bearer tokens only.
//
// --key-dir DIR gets client-key.pem (PKCS#8), client-key.jwk (private JWK), workload.jwt (valid), workload-wrong-aud.jwt,
// workload-expired.jwt. Prints the MCP endpoint URL as the first stdout line. GET <p2>/control/log: what was issued
// (grant types, token types, DPoP thumbprints) and what the MCP server saw (schemes, jtis, nonce retries).
import express from 'express';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  SignJWT,
  calculateJwkThumbprint,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  createRemoteJWKSet,
} from 'jose';
import Provider, { errors } from 'oidc-provider';
import * as grantHelpers from 'oidc-provider/lib/helpers/grants.js';
import { handler as clientCredentials } from 'oidc-provider/lib/actions/grants/client_credentials.js';
import { createHash, randomUUID } from 'node:crypto';
import { listenBase } from './oidc/provider.mjs';

const has = (name) => process.argv.includes(name);
const flag = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const keyDir = flag('--key-dir');
if (!keyDir) {
  process.stderr.write('oidc-machine: --key-dir DIR is required\n');
  process.exit(2);
}
const dpopOnly = has('--dpop');
const rsNonce = has('--rs-nonce') ? `rs-nonce-${randomUUID()}` : undefined;
const scope = 'mcp:read';
const jwtBearer = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const mcpServer = createServer();
const mcpBase = await listenBase(mcpServer);
const resource = `${mcpBase}/mcp`;
const providerServer = createServer();
const issuer = await listenBase(providerServer);

// The keys: the private_key_jwt client's, and the workload identity issuer's (which signs the workload's JWTs).
const client = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const clientPublic = {
  ...client.publicKey.export({ format: 'jwk' }),
  alg: 'ES256',
  use: 'sig',
  kid: 'client-1',
};
writeFileSync(join(keyDir, 'client-key.pem'), client.privateKey.export({ format: 'pem', type: 'pkcs8' }), {
  mode: 0o600,
});
writeFileSync(
  join(keyDir, 'client-key.jwk'),
  JSON.stringify({ ...client.privateKey.export({ format: 'jwk' }), kid: 'client-1' }),
  { mode: 0o600 },
);
const workload = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const workloadIssuer = 'https://workload-identity.loupe.test';
const workloadJwt = (audience, expiresIn) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(workloadIssuer)
    .setSubject('ci-job-7')
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .setJti(randomUUID())
    .sign(workload.privateKey);
writeFileSync(join(keyDir, 'workload.jwt'), await workloadJwt(issuer, '10m'), { mode: 0o600 });
writeFileSync(join(keyDir, 'workload-wrong-aud.jwt'), await workloadJwt('https://wrong.example', '10m'), {
  mode: 0o600,
});
writeFileSync(join(keyDir, 'workload-expired.jwt'), await workloadJwt(issuer, '-60s'), { mode: 0o600 });

const log = {
  grants: [],
  tokenTypes: [],
  thumbprints: [],
  schemes: [],
  jtis: [],
  rsNonceChallenges: 0,
  refused: [],
};
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'loupe-machine-basic',
      client_secret: 'machine-secret-basic-41c',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    {
      client_id: 'loupe-machine-post',
      client_secret: 'machine-secret-post-9d2',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_post',
    },
    {
      client_id: 'loupe-machine-jwt',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      jwks: { keys: [clientPublic] },
    },
    {
      client_id: 'loupe-workload',
      grant_types: [jwtBearer],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'none',
    },
  ],
  scopes: [scope],
  features: {
    clientCredentials: { enabled: true },
    dPoP: {
      enabled: true,
      ...(has('--as-nonce') ? { nonceSecret: Buffer.alloc(32, 7), requireNonce: () => true } : {}),
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => {
        if (indicator !== resource) throw new errors.InvalidTarget();
        return { scope, audience: resource, accessTokenTTL: 3600, accessTokenFormat: 'jwt' };
      },
    },
  },
});
// The grant helpers as oidc-provider binds them for its own grants.
const boundHelpers = Object.fromEntries(
  Object.entries(grantHelpers).map(([name, helper]) => [name, helper.bind(undefined, provider)]),
);
// RFC 7523 §2.1: the assertion is the grant; once verified, the token is issued as for client credentials.
provider.registerGrantType(
  jwtBearer,
  async (ctx) => {
    try {
      await jwtVerify(String(ctx.oidc.params.assertion ?? ''), workload.publicKey, {
        issuer: workloadIssuer,
        audience: issuer,
      });
    } catch (error) {
      throw new errors.InvalidGrant(`assertion refused: ${error.code ?? error.message}`);
    }
    await clientCredentials(provider, boundHelpers, ctx);
  },
  ['assertion', 'scope', 'resource'],
  ['resource'],
);
provider.on('grant.success', (ctx) => {
  log.grants.push(String(ctx.oidc.params?.grant_type ?? 'unknown'));
  log.tokenTypes.push(String(ctx.body?.token_type ?? ''));
});
provider.on('grant.error', (ctx, error) =>
  log.refused.push(`${ctx.oidc.params?.grant_type}: ${error.error}`),
);
providerServer.on('request', provider.callback());

const keys = createRemoteJWKSet(new URL(`${issuer}/jwks`));
const metadataPath = '/.well-known/oauth-protected-resource/mcp';
const challenge = (extra = '') =>
  `${dpopOnly ? 'DPoP' : 'Bearer'} ${extra}resource_metadata="${mcpBase}${metadataPath}"`;

/** RFC 9449 §4.3 and §7.1: the proof for this request and this token. Returns the reason it fails, or undefined. */
async function proofProblem(request, token, claims) {
  const proof = request.headers.dpop;
  if (typeof proof !== 'string') return 'no DPoP proof';
  let header;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    return 'the proof is not a JWT';
  }
  if (header.typ !== 'dpop+jwt' || !header.jwk || header.jwk.d !== undefined) return 'typ or jwk wrong';
  let payload;
  try {
    payload = (await jwtVerify(proof, await importJWK(header.jwk, header.alg))).payload;
  } catch {
    return 'the proof signature does not verify';
  }
  if (payload.htm !== request.method) return 'htm';
  if (payload.htu !== resource) return `htu ${payload.htu}`;
  if (Math.abs(Date.now() / 1000 - payload.iat) > 60) return 'iat';
  if (typeof payload.jti !== 'string' || log.jtis.includes(payload.jti)) return 'jti missing or replayed';
  log.jtis.push(payload.jti);
  if (payload.ath !== createHash('sha256').update(token).digest('base64url')) return 'ath';
  if ((await calculateJwkThumbprint(header.jwk)) !== claims.cnf?.jkt)
    return 'the proof key is not the token’s';
  if (rsNonce && payload.nonce !== rsNonce) return 'nonce';
  return undefined;
}

const app = express();
app.use(express.json());
app.get(metadataPath, (_request, response) =>
  response.json({
    resource,
    authorization_servers: [issuer],
    scopes_supported: [scope],
    ...(dpopOnly
      ? { dpop_bound_access_tokens_required: true, dpop_signing_alg_values_supported: ['ES256'] }
      : {}),
  }),
);
app.get('/control/log', (_request, response) => response.json(log));
app.post('/mcp', async (request, response) => {
  const [scheme = '', token = ''] = String(request.headers.authorization ?? '').split(' ');
  if (!token)
    return response.status(401).set('www-authenticate', challenge()).json({ error: 'unauthorized' });
  log.schemes.push(scheme);
  let claims;
  try {
    claims = (await jwtVerify(token, keys, { issuer, audience: resource })).payload;
  } catch (error) {
    return response
      .status(401)
      .set('www-authenticate', challenge('error="invalid_token", '))
      .json({ error: error.code });
  }
  if (dpopOnly) {
    if (scheme !== 'DPoP' || !claims.cnf?.jkt)
      return response.status(401).set('www-authenticate', challenge('error="invalid_token", ')).end();
    const problem = await proofProblem(request, token, claims);
    if (problem === 'nonce') {
      log.rsNonceChallenges += 1;
      return response
        .status(401)
        .set('www-authenticate', challenge('error="use_dpop_nonce", '))
        .set('dpop-nonce', rsNonce)
        .json({ error: 'use_dpop_nonce' });
    }
    if (problem)
      return response
        .status(401)
        .set('www-authenticate', challenge('error="invalid_dpop_proof", '))
        .json({ problem });
  } else if (scheme !== 'Bearer' || claims.cnf) {
    return response.status(401).set('www-authenticate', challenge('error="invalid_token", ')).end();
  }
  log.thumbprints.push(claims.cnf?.jkt ?? null);
  const server = new McpServer({ name: 'oidc-machine', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Who the token says you are' }, () => ({
    content: [{ type: 'text', text: `client ${claims.client_id ?? 'unknown'}` }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, request.body);
});
app.all('/mcp', (_request, response) => response.status(405).set('allow', 'POST').end());
mcpServer.on('request', app);

process.stdout.write(`${resource}\n`);
const stop = () => {
  providerServer.closeAllConnections();
  providerServer.close();
  mcpServer.closeAllConnections();
  mcpServer.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
