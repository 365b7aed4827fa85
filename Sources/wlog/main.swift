print("wlog")
