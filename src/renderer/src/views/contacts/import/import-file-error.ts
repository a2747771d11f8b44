// The import steps' name for composables/contacts/import-file-error.ts, which the opt-out file
// import (a component) shares: components never import views. The coordinator points the steps'
// imports there after issue 26's import work merges, and deletes this file.
export { IMPORT_FILE_ACCEPT, useImportFileError } from '../../../composables/contacts/import-file-error';
