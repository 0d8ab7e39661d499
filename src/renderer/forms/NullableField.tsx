/**
 * A field that also accepts null: a "null" switch beside the field. Null is sent only when the user turns
 * it on; leaving the field empty still omits it (when optional).
 */
import type { ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';

export function NullableField(props: FieldProps & { inner: ComponentType<FieldProps> }) {
  const { inner: Inner, onChange, fieldPathId, disabled, readonly, name, schema } = props;
  const formData = props.formData as unknown;
  const isNull = formData === null;
  const label = typeof schema.title === 'string' ? schema.title : name;
  return (
    <div className="loupe-nullable">
      <label className="null-switch">
        <input
          type="checkbox"
          checked={isNull}
          disabled={disabled || readonly}
          aria-label={`${label || 'value'} is null`}
          onChange={(event) => onChange(event.target.checked ? null : undefined, fieldPathId.path)}
        />{' '}
        null
      </label>
      {isNull ? (
        <p className="null-value">
          {label} <code>null</code>
        </p>
      ) : (
        <Inner {...props} />
      )}
    </div>
  );
}
