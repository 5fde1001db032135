/**
 * Runs a refinement on an object even when some of its fields failed, so a 400 names every field
 * at once. The refinement then sees the value as sent: any field may hold any JSON, and the body
 * itself is an object only because this checks it (a body of `null` skips the refinement).
 */
export const whenObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};
