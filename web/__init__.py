"""The HTTP edge around the views: reading a body, answering errors, and the headers every answer carries."""
