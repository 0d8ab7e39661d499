/**
 * An optional object or array: absent until the user adds it ("+ Add shipping"), removable again
 * ("Remove shipping"). Absent means undefined in the form data, so nothing of it is sent or validated.
 */
import type { ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import type { JsonObject } from '../../shared/json';
import { partStart, type PartKind } from './optionalParts';

export function OptionalPartField(props: FieldProps & { inner: ComponentType<FieldProps>; kind: PartKind }) {
  const { inner: Inner, kind, onChange, fieldPathId, disabled, readonly, name, schema } = props;
  const formData = props.formData as unknown;
  const label = typeof schema.title === 'string' ? schema.title : name;
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  if (formData === undefined) {
    return (
      <div className="optional-part optional-part-absent">
        <button
          type="button"
          className="add-part"
          disabled={disabled || readonly}
          onClick={() => onChange(structuredClone(partStart(schema as JsonObject, kind)), fieldPathId.path)}
        >
          + Add {label}
        </button>
        <span className="part-note">
          {' '}
          optional {kind}, not sent{description ? ` — ${description}` : ''}
        </span>
      </div>
    );
  }
  return (
    <div className="optional-part">
      <Inner {...props} />
      <button
        type="button"
        className="remove-part"
        disabled={disabled || readonly}
        onClick={() => onChange(undefined, fieldPathId.path)}
      >
        Remove {label}
      </button>
    </div>
  );
}
