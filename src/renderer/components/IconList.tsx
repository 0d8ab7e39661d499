import { isJsonObject, type JsonValue } from '../../shared/json';

/** Only data: URLs of raster/vector image types are drawn; anything else is shown as its text. */
const safeImage = /^data:image\/(png|jpeg|gif|webp|bmp|x-icon|vnd\.microsoft\.icon|avif);/i;

export function isSafeImageUrl(src: string): boolean {
  return safeImage.test(src);
}

export function IconList({ icons }: { icons: JsonValue | undefined }) {
  if (!Array.isArray(icons)) return <pre className="json-view">{JSON.stringify(icons)}</pre>;
  return (
    <ul className="icon-list">
      {icons.map((icon, position) => {
        const src = isJsonObject(icon) && typeof icon.src === 'string' ? icon.src : undefined;
        return (
          <li key={position}>
            {src && isSafeImageUrl(src) ? <img src={src} alt="" width={24} height={24} /> : null}
            <code className="icon-src">{src ?? JSON.stringify(icon)}</code>
            {isJsonObject(icon) && typeof icon.mimeType === 'string' ? (
              <span className="muted small"> {icon.mimeType}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
