// Writes a small MaxMind DB (format 2.0, IPv4 tree, 24-bit records) so tests read a real .mmdb file
// with the real reader: no GeoIP database is downloaded or committed. Only the types a country
// record needs are encoded (maps, strings, unsigned integers, an array of strings).

type Value = string | number | Value[] | { [key: string]: Value };

const METADATA_MARKER = Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex');
const RECORD_BYTES = 3;

function controlBytes(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('mmdb-file: values longer than 28 bytes or entries are not needed here');
  // Types above 7 are "extended": type 0 in the control byte, type - 7 in the next.
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([controlBytes(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes: number[] = [];
    for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    return Buffer.concat([controlBytes(6, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) return Buffer.concat([controlBytes(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    controlBytes(7, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

interface TreeNode {
  children: [TreeNode | number | undefined, TreeNode | number | undefined];
}

/** `records` maps an IPv4 CIDR ("81.2.69.0/24") to the record stored for it. */
export function mmdbFile(records: Record<string, Value>): Buffer {
  const root: TreeNode = { children: [undefined, undefined] };
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [cidr, record] of Object.entries(records)) {
    const [address = '', bits = '32'] = cidr.split('/');
    const octets = address.split('.').map(Number);
    const prefix = Number(bits);
    let node = root;
    for (let depth = 0; depth < prefix; depth++) {
      const bit = ((octets[depth >> 3] ?? 0) >> (7 - (depth & 7))) & 1;
      if (depth === prefix - 1) {
        node.children[bit] = dataLength;
      } else {
        const next = node.children[bit];
        if (typeof next === 'object') node = next;
        else node = node.children[bit] = { children: [undefined, undefined] } as TreeNode;
      }
    }
    const encoded = encode(record);
    data.push(encoded);
    dataLength += encoded.length;
  }

  const nodes: TreeNode[] = [];
  const number = new Map<TreeNode, number>();
  const visit = (node: TreeNode) => {
    number.set(node, nodes.length);
    nodes.push(node);
    for (const child of node.children) if (typeof child === 'object') visit(child);
  };
  visit(root);
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * RECORD_BYTES * 2);
  nodes.forEach((node, index) => {
    node.children.forEach((child, side) => {
      // A node number, "no data" (= node count), or a data offset past the 16-byte separator.
      const value =
        child === undefined
          ? nodeCount
          : typeof child === 'number'
            ? nodeCount + 16 + child
            : (number.get(child) ?? 0);
      tree.writeUIntBE(value, (index * 2 + side) * RECORD_BYTES, RECORD_BYTES);
    });
  });

  const metadata = encode({
    node_count: nodeCount,
    record_size: RECORD_BYTES * 8,
    ip_version: 4,
    database_type: 'Test-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, METADATA_MARKER, metadata]);
}
