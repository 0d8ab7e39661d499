// The protocol versions Loupe writes out are the SDK's own (they were imported from it before).
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { requestedProtocolVersion, supportedProtocolVersions } from './clientInfo.js';

describe('client protocol versions', () => {
  it('equal the SDK 1.x constants', () => {
    expect(requestedProtocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(supportedProtocolVersions).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
  });
});
