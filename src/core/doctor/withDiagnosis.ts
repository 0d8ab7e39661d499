/** Puts the doctor's diagnosis on an error (as `detail.doctor`), from the frames the session recorded. */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import { diagnose } from './diagnose.js';
import { gatherEvidence } from './evidence.js';

/** The error data with a diagnosis, when the doctor has one (an existing one is kept). */
export function diagnosed(error: LoupeErrorData, frames: readonly Frame[] = []): LoupeErrorData {
  if (error.doctor) return error;
  const doctor = diagnose(error, gatherEvidence(frames));
  return doctor ? { ...error, doctor } : error;
}

/** The thrown error as a LoupeError carrying the diagnosis (the original stays its cause). */
export function withDiagnosis(error: unknown, frames: readonly Frame[]): LoupeError {
  const detail = toErrorData(error);
  const withDoctor = diagnosed(detail, frames);
  if (withDoctor === detail && error instanceof LoupeError) return error;
  return new LoupeError(withDoctor, { cause: error });
}
