/** The LoupeError a promise rejects with; anything else (a resolve, a foreign error) fails the test. */
import { LoupeError } from '../../src/shared/errors.js';

export async function rejection(promise: Promise<unknown>): Promise<LoupeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LoupeError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
