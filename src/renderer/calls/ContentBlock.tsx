/**
 * One content block of a tool result, drawn as what it is: text as text, image/audio only from data: URLs of
 * their own media type, resource links with their target visible (read only on a click), embedded resources
 * with their URI. Everything else is shown as JSON. Server text is never interpreted as HTML.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import { isSafeImageUrl } from '../components/IconList';
import { JsonView } from '../components/JsonView';
import { ResourceContents } from '../components/ResourceContents';
import { fetchKey, readResource } from '../store/appActions';
import { useLoupeStore } from '../store/store';

const safeAudio = /^audio\/[a-z0-9.+-]+$/i;
const base64 = /^[A-Za-z0-9+/=\s]*$/;

function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function ResourceLink({ block }: { block: JsonObject }) {
  const uri = text(block.uri);
  const fetched = useLoupeStore((state) => state.fetches[fetchKey('resources', uri)]);
  return (
    <div className="content-block resource-link">
      <div>
        <strong>{text(block.title) || text(block.name) || 'Resource link'}</strong>{' '}
        <span className="muted small">{text(block.mimeType)}</span>
      </div>
      <div className="mono small" aria-label="Link target">
        {uri}
      </div>
      {text(block.description) && <p className="muted small">{text(block.description)}</p>}
      <button type="button" onClick={() => void readResource(uri)} disabled={!uri || fetched?.loading === true}>
        Read this resource
      </button>
      {fetched?.error && <p className="error">{fetched.error.message}</p>}
      {fetched?.value && <ResourceContents result={fetched.value} />}
    </div>
  );
}

function EmbeddedResource({ block }: { block: JsonObject }) {
  const resource = isJsonObject(block.resource) ? block.resource : {};
  return (
    <div className="content-block embedded-resource">
      <div className="mono small">
        Embedded resource {text(resource.uri)} <span className="muted">{text(resource.mimeType)}</span>
      </div>
      {typeof resource.text === 'string' && <pre className="text-block">{resource.text}</pre>}
      {typeof resource.blob === 'string' && <div className="muted small">Binary content, {resource.blob.length} base64 characters</div>}
    </div>
  );
}

export function ContentBlock({ block, position }: { block: JsonValue; position: number }) {
  if (!isJsonObject(block)) return <JsonView value={block} />;
  const data = text(block.data);
  const mimeType = text(block.mimeType);
  switch (block.type) {
    case 'text':
      return <pre className="content-block text-block">{text(block.text)}</pre>;
    case 'image': {
      const src = `data:${mimeType};base64,${data}`;
      if (isSafeImageUrl(src) && base64.test(data)) {
        return <img className="content-block content-image" src={src} alt={`Image result ${position + 1} (${mimeType})`} />;
      }
      return <p className="content-block muted">Image of type “{mimeType}” not drawn (only data: images of known image types are shown).</p>;
    }
    case 'audio':
      if (safeAudio.test(mimeType) && base64.test(data)) {
        return <audio className="content-block" controls src={`data:${mimeType};base64,${data}`} aria-label={`Audio result ${position + 1}`} />;
      }
      return <p className="content-block muted">Audio of type “{mimeType}” not played.</p>;
    case 'resource_link':
      return <ResourceLink block={block} />;
    case 'resource':
      return <EmbeddedResource block={block} />;
    default:
      return (
        <div className="content-block">
          <div className="muted small">Content of type {JSON.stringify(block.type ?? null)}</div>
          <JsonView value={block} />
        </div>
      );
  }
}
