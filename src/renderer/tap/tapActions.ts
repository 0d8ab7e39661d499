/** Fault rules for the live tapped session on screen (its tap applies them from the next message on). */
import { getApi } from '../bridge';
import { toErrorData } from '../../shared/errors';

/** Sends the rules; resolves with the error's message when they were refused (none sent), else undefined. */
export async function setTapFaults(rules: string[]): Promise<string | undefined> {
  try {
    await getApi().setTapFaults(rules);
    return undefined;
  } catch (error) {
    return toErrorData(error).message;
  }
}

/** Stops the agent's session on screen (its loupe mcp ends it); resolves with the refusal's message, else undefined. */
export async function stopAgentSession(): Promise<string | undefined> {
  try {
    await getApi().stopAgentSession();
    return undefined;
  } catch (error) {
    return toErrorData(error).message;
  }
}
