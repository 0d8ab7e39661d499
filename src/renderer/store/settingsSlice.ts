import type { Settings } from '../../shared/contract';
import type { SliceCreator } from './types';

export interface SettingsSlice {
  settings: Settings | null;
  settingsError: string | null;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = () => ({
  settings: null,
  settingsError: null,
});
