import { isJsonObject, type JsonObject } from '../../shared/json';
import { isSafeImageUrl } from './IconList';
import { JsonView } from './JsonView';

/** The contents of resources/read: text as text, image blobs as data: images, everything also as JSON. */
export function ResourceContents({ result }: { result: JsonObject }) {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  return (
    <div className="contents">
      {contents.map((content, position) => {
        if (!isJsonObject(content)) return null;
        const mimeType = typeof content.mimeType === 'string' ? content.mimeType : '';
        const src = typeof content.blob === 'string' ? `data:${mimeType};base64,${content.blob}` : '';
        return (
          <div key={position} className="content-block">
            <div className="muted small mono">
              {typeof content.uri === 'string' ? content.uri : ''} {mimeType}
            </div>
            {typeof content.text === 'string' ? <pre className="text-block">{content.text}</pre> : null}
            {src && isSafeImageUrl(src) ? (
              <img className="content-image" src={src} alt={`Image content ${position + 1}`} />
            ) : null}
            {typeof content.blob === 'string' && !isSafeImageUrl(src) ? (
              <div className="muted small">Binary content, {content.blob.length} base64 characters</div>
            ) : null}
          </div>
        );
      })}
      <details>
        <summary>Result as sent</summary>
        <JsonView value={result} />
      </details>
    </div>
  );
}
