/**
 * An answer already written as JSON (by the database, for instance): a route handler that returns one
 * has its text sent as it is, as application/json, instead of an object serialised again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
