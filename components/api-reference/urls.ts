/** Where the API reference page loads its viewer and document from (shared by the page and the viewer). */
export const SWAGGER_BUNDLE_URL = '/swagger-ui/swagger-ui-bundle.js';
export const SWAGGER_CSS_URL = '/swagger-ui/swagger-ui.css';
export const OPENAPI_URL = '/api/openapi.json';
