import type { SecurityReport } from '../../shared/security';
import type { SliceCreator } from '../store/types';

/** The security lens of the shown session: its report (findings and pin), or why it could not be read. */
export interface SecuritySlice {
  security: SecurityReport | null;
  securityError: string | null;
}

export const createSecuritySlice: SliceCreator<SecuritySlice> = () => ({
  security: null,
  securityError: null,
});
