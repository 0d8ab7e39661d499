/**
 * The Collections view's state: the collection open (its name and JSON text, edited in place), the last run's
 * report, a run in progress, and the step being drafted by "Save to collection". Each session keeps its own
 * (sessionKeys): a collection saved from one server's calls is run on that server, never on whichever session
 * happens to be shown, and a run's report lands in the session it ran on.
 */
import type { CollectionReport, CollectionStepDraft } from '../../shared/collections';
import type { LoupeErrorData } from '../../shared/errors';
import type { SliceCreator } from './types';

export interface StepDraftState {
  draft: CollectionStepDraft;
  /** The step as JSON text, editable before it is added. */
  text: string;
  /** Pointers (relative to the compared value) the person chose to ignore. */
  ignored: string[];
}

export interface CollectionsSlice {
  collectionName: string;
  /** The collection as JSON text; empty when none is open. */
  collectionText: string;
  collectionReport: CollectionReport | null;
  /** Why the last check or run could not go (an invalid collection, no session). */
  collectionError: LoupeErrorData | null;
  /** Step names being run, or 'all'. */
  collectionRunning: string[] | 'all' | null;
  stepDraft: StepDraftState | null;
}

export const createCollectionsSlice: SliceCreator<CollectionsSlice> = () => ({
  collectionName: 'collection.json',
  collectionText: '',
  collectionReport: null,
  collectionError: null,
  collectionRunning: null,
  stepDraft: null,
});
