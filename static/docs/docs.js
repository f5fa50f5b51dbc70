// Starts Swagger UI on the service's own /openapi.yaml; every asset is served by the service itself.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // No online validator badge: the page must work without internet access.
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    tryItOutEnabled: true,
  });
});
