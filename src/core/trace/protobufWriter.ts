/**
 * The few protobuf wire encodings OTLP needs (https://protobuf.dev/programming-guides/encoding/): varints, fixed64,
 * fixed32, doubles, and length-delimited bytes, strings and nested messages. A message is built as a list of chunks
 * and joined once, so nesting costs one copy per level.
 */
const encoder = new TextEncoder();

export class ProtoMessage {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  private push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  private varint(value: bigint): void {
    const bytes: number[] = [];
    // A negative int64 is its 64-bit two's complement: ten bytes.
    let rest = BigInt.asUintN(64, value);
    while (rest >= 0x80n) {
      bytes.push(Number(rest & 0x7fn) | 0x80);
      rest >>= 7n;
    }
    bytes.push(Number(rest));
    this.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wireType: number): void {
    this.varint(BigInt((field << 3) | wireType));
  }

  /** An int32/int64/uint/enum/bool field (wire type 0); zero is written too (callers skip defaults). */
  uint(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.varint(typeof value === 'bigint' ? value : BigInt(value));
    return this;
  }

  fixed64(field: number, value: bigint): this {
    this.tag(field, 1);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, value), true);
    this.push(bytes);
    return this;
  }

  fixed32(field: number, value: number): this {
    this.tag(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value >>> 0, true);
    this.push(bytes);
    return this;
  }

  double(field: number, value: number): this {
    this.tag(field, 1);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, value, true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.varint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, encoder.encode(value));
  }

  message(field: number, value: ProtoMessage): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/** Hex text (an OTLP id) as bytes. */
export function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}
