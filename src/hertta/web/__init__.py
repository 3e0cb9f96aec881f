"""The web platform: app factory, settings, pages, the WebSocket session layer, and the games."""
