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
