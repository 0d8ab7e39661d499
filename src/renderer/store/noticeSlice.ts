/** The last outcome of a user action that has no other visible result (a save): shown in a status line until dismissed or replaced. */
import type { SliceCreator } from './types';

export interface Notice {
  tone: 'ok' | 'error';
  text: string;
}

export interface NoticeSlice {
  notice: Notice | null;
}

export const createNoticeSlice: SliceCreator<NoticeSlice> = () => ({ notice: null });
