/** A path segment from a caller's id: checked non-empty, then escaped. */
export function seg(value: string, name: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return encodeURIComponent(value);
}

/** The API's path prefix. */
export const V1 = "/api/v1";
