/**
 * Who Loupe says it is, and which protocol versions it speaks. The versions are the SDK 1.x's LATEST_PROTOCOL_VERSION
 * and SUPPORTED_PROTOCOL_VERSIONS, written out: importing them loads the SDK's whole zod schema module (about 250 ms
 * before a stdio server is even spawned). clientInfo.test.ts checks they still equal the SDK's.
 */
import { loupeVersion } from '../loupeVersion.js';

export const clientInfo = { name: 'loupe', version: loupeVersion() };

/** The version Loupe asks for in initialize. */
export const requestedProtocolVersion: string = '2025-11-25';

export const supportedProtocolVersions: readonly string[] = [
  requestedProtocolVersion,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];
