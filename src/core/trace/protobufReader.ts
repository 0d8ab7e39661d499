/**
 * Reads protobuf wire format (https://protobuf.dev/programming-guides/encoding/) as hostile input: every length is
 * checked against what is left, a varint is at most ten bytes, an unknown wire type stops the read with an error.
 * Only what OTLP needs: fields as (number, wire type, value) in order, unknown ones skipped by the caller.
 */
export class ProtoReadError extends Error {}

export type ProtoField =
  | { field: number; wire: 0; value: bigint }
  | { field: number; wire: 1; bytes: Uint8Array }
  | { field: number; wire: 2; bytes: Uint8Array }
  | { field: number; wire: 5; bytes: Uint8Array };

function varint(bytes: Uint8Array, start: number): { value: bigint; next: number } {
  let value = 0n;
  let shift = 0n;
  for (let index = start; index < bytes.length && index < start + 10; index++) {
    const byte = bytes[index] ?? 0;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return { value: BigInt.asUintN(64, value), next: index + 1 };
    shift += 7n;
  }
  throw new ProtoReadError('a varint runs past its message or ten bytes');
}

/** The fields of one message, in order. */
export function* protoFields(bytes: Uint8Array): Generator<ProtoField> {
  let offset = 0;
  while (offset < bytes.length) {
    const key = varint(bytes, offset);
    offset = key.next;
    const field = Number(key.value >> 3n);
    const wire = Number(key.value & 7n);
    if (field < 1) throw new ProtoReadError('a field number 0');
    if (wire === 0) {
      const read = varint(bytes, offset);
      offset = read.next;
      yield { field, wire: 0, value: read.value };
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      if (offset + size > bytes.length) throw new ProtoReadError('a fixed field runs past its message');
      yield { field, wire, bytes: bytes.subarray(offset, offset + size) };
      offset += size;
    } else if (wire === 2) {
      const length = varint(bytes, offset);
      offset = length.next;
      if (length.value > BigInt(bytes.length - offset))
        throw new ProtoReadError('a length-delimited field runs past its message');
      const end = offset + Number(length.value);
      yield { field, wire: 2, bytes: bytes.subarray(offset, end) };
      offset = end;
    } else {
      throw new ProtoReadError(`wire type ${wire} is not one OTLP uses`);
    }
  }
}

const decoder = new TextDecoder('utf-8', { fatal: false });

export function protoString(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

export function fixed64(bytes: Uint8Array): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(0, true);
}

export function float64(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat64(0, true);
}

export function hexOf(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
