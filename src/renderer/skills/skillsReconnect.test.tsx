/**
 * The Skills tab across a reconnect: the listing, selection and loaded files of the previous connection are
 * dropped when the session connects again, and a listing still in flight from the previous connection does not
 * land in the new one.
 */
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SkillsListing } from '../../shared/skills';
import { connect } from '../store/sessionActions';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, giveElementsASize } from '../testing/fakeBackend';
import { loadSkillList, selectSkill } from './skillsActions';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const listing = (names: string[]): SkillsListing => {
  const items = names.map((name) => ({
    uri: `skill://${name}/SKILL.md`,
    frontmatter: { name, description: `The ${name} skill` },
    resources: 'dynamic',
  }));
  return {
    items,
    skills: items.map((item, index) => ({
      uri: item.uri,
      name: names[index] ?? '',
      description: item.frontmatter.description,
      frontmatter: item.frontmatter,
      files: 'dynamic' as const,
      raw: item,
    })),
    pages: [{ index: 1, itemCount: items.length, rttMs: 2 }],
    complete: true,
    startedAt: 0,
    endedAt: 2,
  };
};

/** The backend answers a listSkills request once it has arrived (it crosses the carrier first). */
async function answer(answers: ((value: SkillsListing) => void)[], value: SkillsListing): Promise<void> {
  await waitFor(() => expect(answers.length).toBeGreaterThan(0));
  answers.shift()?.(value);
}

const names = () => useLoupeStore.getState().skills.listing?.skills.map((skill) => skill.name) ?? null;

describe('skills across a reconnect', () => {
  it('the previous listing and selection are cleared; a late listing of the old connection is dropped', async () => {
    const answers: ((value: SkillsListing) => void)[] = [];
    await bootApp(
      fakeBackend({ listSkills: () => new Promise<SkillsListing>((resolve) => answers.push(resolve)) }),
    );
    await act(() => connect({ transport: 'demo' }));
    const first = loadSkillList();
    await answer(answers, listing(['old-one', 'old-two']));
    await act(() => first);
    selectSkill('skill://old-one/SKILL.md');
    expect([names(), useLoupeStore.getState().skills.selected]).toEqual([
      ['old-one', 'old-two'],
      'skill://old-one/SKILL.md',
    ]);

    // Listing again, then reconnecting before the answer: the answer belongs to the old connection.
    const late = loadSkillList();
    await waitFor(() => expect(answers.length).toBe(1));
    await act(() => connect({ transport: 'demo' }));
    expect([names(), useLoupeStore.getState().skills.selected]).toEqual([null, null]);
    await answer(answers, listing(['stale']));
    await act(() => late);
    expect(names()).toBeNull();

    const fresh = loadSkillList();
    await answer(answers, listing(['new-one']));
    await act(() => fresh);
    expect(names()).toEqual(['new-one']);
  });
});
