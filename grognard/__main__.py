from grognard.cli import app

app()
