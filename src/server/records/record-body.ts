/**
 * A record's body as a client (or a trusted caller) sent it, once read and found to be an object:
 * the JSON body the records routes' schema accepted (anything else was answered 400 "Failed to
 * load the submitted data due to invalid formatting."), or the fields of a multipart body
 * (multipart-body.ts). Its names and values are not checked yet: client-fields.ts refuses names a
 * client may not send, and the collection's validators read the values.
 */
export type RecordBody = Readonly<Record<string, unknown>>;
