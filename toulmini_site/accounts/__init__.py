"""Accounts: sign up, log in and out, password reset, and the account page (password,
language, and the user's data)."""
