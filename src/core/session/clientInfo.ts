/** Who Loupe says it is, and which protocol versions it speaks. */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { loupeVersion } from '../loupeVersion.js';

export const clientInfo = { name: 'loupe', version: loupeVersion() };

/** The version Loupe asks for in initialize. */
export const requestedProtocolVersion: string = LATEST_PROTOCOL_VERSION;

export const supportedProtocolVersions: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
