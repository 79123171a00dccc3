/** How long a business name may be; the form and the server share it. */
export const MAX_WORKSPACE_NAME_CHARS = 80;
