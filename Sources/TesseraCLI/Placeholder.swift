import TesseraServer
print("tessera")
