/**
 * The Skills tab (SEP-2640): the server's skills (every page of skills/list, no file read), one skill's entry
 * (frontmatter, files, sizes, digests), and — only when asked — its files read and verified, each with its badge.
 * A refused file says why and shows no content; nothing after it was read. Server text is rendered as text.
 */
import { useShallow } from 'zustand/react/shallow';
import type { SkillEntry, SkillFileCheck } from '../../shared/skills';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { JsonView } from '../components/JsonView';
import { useLoupeStore } from '../store/store';
import { loadSkillFiles, loadSkillList, selectSkill } from './skillsActions';
import './skills.css';

const verdictText: Record<SkillFileCheck['verdict'], string> = {
  verified: '✓ verified',
  'size-mismatch': '✗ size mismatch',
  'digest-mismatch': '✗ digest mismatch',
  'frontmatter-mismatch': '✗ frontmatter mismatch',
  unverifiable: '? unverifiable',
  'not-read': '– not read',
};

function FileRow({
  file,
  check,
}: {
  file: { uri: string; size?: number; digest?: string };
  check?: SkillFileCheck;
}) {
  return (
    <tr data-testid="skill-file">
      <td className="mono">{file.uri}</td>
      <td>{file.size === undefined ? '—' : `${file.size} B`}</td>
      <td className="mono ellipsis" title={file.digest}>
        {file.digest ?? '—'}
      </td>
      <td>
        {check ? (
          <span className={`badge skill-verdict skill-${check.verdict}`} title={check.detail}>
            {verdictText[check.verdict]}
          </span>
        ) : (
          <span className="muted">not read</span>
        )}
      </td>
    </tr>
  );
}

function SkillDetail({ skill }: { skill: SkillEntry }) {
  const entry = useLoupeStore((state) => state.skills.loads[skill.uri]);
  const checks = new Map((entry?.load?.files ?? []).map((check) => [check.uri, check]));
  const listed = skill.files === 'dynamic' ? [{ uri: skill.uri }] : skill.files;
  const manifest = entry?.load?.files.find((check) => check.uri === skill.uri && check.text !== undefined);
  return (
    <article className="detail">
      <header className="detail-header">
        <h2 className="mono">{skill.name}</h2>
        <div className="detail-subtitle mono">{skill.uri}</div>
      </header>
      {skill.description ? (
        <Field label="Description">
          <div className="prose-text">{skill.description}</div>
        </Field>
      ) : null}
      <Field label="Frontmatter" note="as the entry lists it">
        <JsonView value={skill.frontmatter} />
      </Field>
      <Field
        label="Files"
        note={
          skill.files === 'dynamic'
            ? 'dynamic: none listed ahead, no digest to check'
            : 'read only when you ask'
        }
      >
        <table className="skills-files" aria-label="Files of the skill">
          <thead>
            <tr>
              <th>URI</th>
              <th>Size</th>
              <th>Digest</th>
              <th>Verification</th>
            </tr>
          </thead>
          <tbody>
            {listed.map((file) => (
              <FileRow
                key={file.uri}
                file={file}
                {...(checks.get(file.uri) ? { check: checks.get(file.uri) } : {})}
              />
            ))}
          </tbody>
        </table>
        <button
          type="button"
          disabled={entry?.loading === true}
          onClick={() => void loadSkillFiles(skill.uri)}
        >
          {entry?.loading ? 'Reading…' : entry?.load ? 'Read and verify again' : 'Read and verify files'}
        </button>
      </Field>
      {entry?.error ? <ErrorNotice error={entry.error} context="Reading the skill" /> : null}
      {entry?.load?.error ? <ErrorNotice error={entry.load.error} context="Skill refused" /> : null}
      {manifest?.text !== undefined ? (
        <Field label="SKILL.md" note="verified">
          <pre className="skill-text">{manifest.text}</pre>
        </Field>
      ) : null}
    </article>
  );
}

export function SkillsView() {
  const { listing, loading, error, selected, connected } = useLoupeStore(
    useShallow((state) => ({ ...state.skills, connected: state.status.state === 'connected' })),
  );
  const skill = listing?.skills.find((entry) => entry.uri === selected);
  return (
    <div className="split">
      <section className="list-pane skills-pane" aria-label="Skills list">
        <button type="button" disabled={!connected || loading} onClick={() => void loadSkillList()}>
          {loading ? 'Listing…' : listing ? 'List skills again' : 'List skills'}
        </button>
        {error ? <ErrorNotice error={error} context="Listing skills" /> : null}
        {listing ? (
          <p className="muted" data-testid="skills-footer">
            {listing.skills.length} skills · {listing.pages.length} pages
            {listing.complete ? '' : ' · INCOMPLETE'}
          </p>
        ) : null}
        {listing && !listing.complete && listing.error ? (
          <ErrorNotice error={listing.error} context="The listing stopped" />
        ) : null}
        <ul className="item-list skills-list" aria-label="Skills">
          {(listing?.skills ?? []).map((entry) => (
            <li key={entry.uri}>
              <button
                type="button"
                className={`item-row${entry.uri === selected ? ' selected' : ''}`}
                aria-pressed={entry.uri === selected}
                onClick={() => selectSkill(entry.uri)}
              >
                <div className="item-line">
                  <span className="item-name">{entry.name}</span>
                </div>
                <div className="item-description">{entry.description ?? '—'}</div>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="detail-pane" aria-label="Skill detail">
        {skill ? (
          <SkillDetail skill={skill} />
        ) : (
          <p className="empty">
            {listing ? 'Select a skill.' : 'List the server’s skills: no file is read until you ask.'}
          </p>
        )}
      </section>
    </div>
  );
}
