import { FhirError } from './fhir-outcome';

/** The `_format` values that name JSON (R4 http.html#mime-type): the only format answered. */
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);
/** The `Accept` media ranges a JSON answer satisfies. */
const JSON_RANGES = new Set(['*/*', 'application/*', 'application/json', 'application/fhir+json']);

const notAcceptable = () => new FhirError(406, 'not-supported', 'Only JSON is served: ask for application/fhir+json (or _format=json)');

/** A media type without its parameters; a `+` an unencoded query turned into a space is a `+` again. */
const mediaType = (value: string) => value.split(';')[0]!.trim().toLowerCase().replace(/ /g, '+');

/** Whether an `Accept` header admits a JSON answer: none, or a range JSON satisfies with a weight above 0. */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';');
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    return JSON_RANGES.has(mediaType(type!)) && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Answers are FHIR JSON only: a request whose `_format` names another format (xml, turtle) or whose `Accept`
 * admits no JSON is refused with 406 (an OperationOutcome in JSON), rather than answered in a format it did not ask for.
 */
export function assertJsonAccepted(format: string | string[] | undefined, accept: string | undefined): void {
  const formats = format === undefined ? [] : Array.isArray(format) ? format : [format];
  if (formats.some((f) => !JSON_FORMATS.has(mediaType(f))) || !acceptsJson(accept)) throw notAcceptable();
}
